'use strict';

/** Ask before a destructive action; a client that cannot ask, or a failed question, confirms nothing. */
async function confirmAction(server, message) {
  try {
    const result = await server.server.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return result.action === 'accept' && result.content && result.content.confirm === true;
  } catch (err) {
    return false;
  }
}

module.exports = { confirmAction };
