import { deleteFileTool } from './deleteFile.js';
import { listFilesTool } from './listFiles.js';
import { renameFileTool } from './renameFile.js';
import type { ToolDefinition } from '../types.js';

export const tools: ToolDefinition[] = [deleteFileTool, renameFileTool, listFilesTool];
