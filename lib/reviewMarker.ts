// The marker text this tool writes above a site left for review: shared by the transforms that write or read it.

/** `/* @mcp-mrtr-review <reason-id>: <message> *\/`: a site the migration left for a person to review. */
export const REVIEW_MARKER = '@mcp-mrtr-review';
