export interface Analysis {
  hints: string[];
  note: string;
}

/** How often the capability check ran (the equivalence harness compares it). */
export const counts = { checks: 0 };

/** A prompt and, when there is something to say about it, an analysis. */
export function optimize(prompt: string): { prompt: string; analysis?: Analysis } {
  return { prompt: prompt.trim(), analysis: prompt.length > 3 ? { hints: ['be specific', 'give an example'], note: '' } : undefined };
}

/** Whether the client said it can sample. */
export function supportsSampling(server: { getClientCapabilities(): { sampling?: object } | undefined }): boolean {
  counts.checks++;
  return server.getClientCapabilities()?.sampling !== undefined;
}
