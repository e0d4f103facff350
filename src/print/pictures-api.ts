/** The shape of the pictures module (print_latex / print_svg), loaded on demand by commands. */
import type { Layout } from "../core/layout.js";

export declare function print_latex_layout(l: Layout, force?: boolean): string;
export declare function print_svg_layout(l: Layout, force?: boolean): string;
