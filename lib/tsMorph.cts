// ts-morph's values, for the ES modules of this package to import from here rather than from 'ts-morph'.
// ts-morph is CommonJS: an ES module importing it makes Node scan its source (and what it re-exports) with the
// CommonJS export lexer to find the export names, which costs a few hundred milliseconds per thread on every run.
// This file is CommonJS too, and names each export (compiled to the getters Node's lexer reads), so the lexer only
// reads this file and ts-morph is loaded with require. Types still come from 'ts-morph' (`import type`).
export { Node, Project, SyntaxKind, ts } from 'ts-morph';
