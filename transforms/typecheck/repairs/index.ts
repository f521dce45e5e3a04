// The classes of type error the loop repairs, in the order they are tried.
import { contentText } from './contentText.js';
import { contextFields } from './contextFields.js';
import { contextMember } from './contextMember.js';
import { handlerResult } from './handlerResult.js';
import { literalResultField } from './literalResultField.js';
import { passthroughCapabilities, passthroughRead, structuredContentRead } from './passthroughTypes.js';
import { projectServerMethod } from './projectServerMethod.js';
import { rawShapeSchema } from './rawShapeSchema.js';
import { stepNarrowing } from './stepNarrowing.js';
import { registerResource } from './registerResource.js';
import type { TypedRepair } from './types.js';
import { zodErrorIssues } from './zodErrorIssues.js';
import { zodIssueCallback } from './zodIssueCallback.js';
import { zodStrictMessage } from './zodStrictMessage.js';

export type { RepairEdits, TypeErrorAt, TypedRepair } from './types.js';

export const TYPED_REPAIRS: readonly TypedRepair[] = [
  zodErrorIssues,
  registerResource,
  rawShapeSchema,
  literalResultField,
  zodStrictMessage,
  zodIssueCallback,
  contentText,
  contextMember,
  contextFields,
  projectServerMethod,
  handlerResult,
  passthroughRead,
  passthroughCapabilities,
  structuredContentRead,
  stepNarrowing,
];
