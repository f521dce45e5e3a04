// An mcp-framework tool class: the base class MCPTool asks through protected helpers.
import { MCPTool } from 'mcp-framework';
import { z } from 'zod';

const schema = z.object({ path: z.string().describe('File to delete') });

class DeleteFileTool extends MCPTool<z.infer<typeof schema>> {
  name = 'delete_file';
  description = 'Delete a file after confirmation';
  schema = schema;

  async execute(input: z.infer<typeof schema>) {
    const roots = await this.getRoots();
    const answer = await this.elicit(`Delete ${input.path}?`, z.object({ confirm: z.boolean() }));
    if (answer.action !== 'accept') return 'Kept.';
    const note = await this.samplingRequest({
      messages: [{ role: 'user', content: { type: 'text', text: `Write a short note about deleting ${input.path}` } }],
      maxTokens: 50,
    });
    return `Deleted under ${roots.length} roots: ${JSON.stringify(note.content)}`;
  }
}

export default DeleteFileTool;
