import type { Node } from 'ts-morph';
import type { SdkMajor, SiteKind } from '../../../lib/model.js';

/** A push-style request found in source, before classification. */
export interface PushCall {
  node: Node;
  kind: SiteKind;
  form: string;
  sdk: SdkMajor;
  /**
   * Set when the form alone decides the review reason (indirect use, unreadable method, removed notification, a
   * framework's own API, a receiver the analysis cannot prove).
   */
  reason?: 'indirect-call' | 'dynamic-request' | 'roots-list-changed' | 'framework-api' | 'unproven-receiver';
  /** Appended to the reason's message (which framework, and what to do). */
  detail?: string;
}
