/** The type check's transform id: its findings are `typecheck/<reason-id>`. */
export const TYPECHECK_ID = 'typecheck';
