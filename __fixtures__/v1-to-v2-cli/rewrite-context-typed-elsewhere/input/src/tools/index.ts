import { ASK_TOOL } from './ask.js';
import { STATUS_TOOL } from './status.js';
import type { ToolWithHandler } from './types.js';

export const TOOL_NAME = {
  ASK: 'ask_user',
  STATUS: 'status',
} as const;

type ToolName = (typeof TOOL_NAME)[keyof typeof TOOL_NAME];

export const AVAILABLE_TOOLS: Record<ToolName, ToolWithHandler> = {
  [TOOL_NAME.ASK]: ASK_TOOL,
  [TOOL_NAME.STATUS]: STATUS_TOOL,
};

export const isValidToolName = (name: string): name is ToolName => name in AVAILABLE_TOOLS;
