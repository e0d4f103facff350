/**
 * The C++ front end's entry points: `parse` (one expression, the print notation or CuTe's C++
 * spelling) and `parseProgram` (an expression or a block of statements). The front end lives in
 * `src/notation/cxx/`: the lexer (`lexer.ts`), the nodes (`ast.ts`), the expression grammar
 * (`expressions.ts`) and the statement grammar (`statements.ts`).
 */
export {
  type Node, type TArg, type IntNode, type NameNode, type CallNode, type InitNode, type OpNode, type MemberNode, type TupleNode, type BasisNode,
  spellType, typeNameNode, forEachChild, NO_TARGS,
  intNode, floatNode, basisNode, underNode, tupleNode, layoutNode, nameNode, callNode, initNode, memberNode, stringNode, opNode, applyNode, composedNode, swizzleNode,
} from "./cxx/ast.js";
export { MAX_INPUT } from "./cxx/lexer.js";
export { parse } from "./cxx/templates.js";
export { type TypeRef, type Declarator, type PrintArg, type Stmt, type Program, parseProgram } from "./cxx/statements.js";
