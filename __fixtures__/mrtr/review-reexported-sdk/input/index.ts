export * from './sdk.js';
