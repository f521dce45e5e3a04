import { describe, expect, it, vi, type Mock } from 'vitest';
import { build } from '../src/server.js';

// Test doubles around the SDK's push methods: each one replaces or watches a method, none of them asks the client.
describe('forecast', () => {
  it('never asks the client anything', async () => {
    const server = build();
    server.server.elicitInput = vi.fn();
    vi.mocked(server.server.createMessage).mockResolvedValue({
      role: 'assistant',
      model: 'stub',
      content: { type: 'text', text: 'unused' },
    });
    (server.server.listRoots as unknown as Mock).mockResolvedValueOnce({ roots: [] });
    vi.spyOn(server.server, 'elicitInput');

    expect(server.server.elicitInput).not.toHaveBeenCalled();
    expect(server.server.createMessage).not.toHaveBeenCalled();
  });
});
