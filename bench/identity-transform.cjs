// jscodeshift transform for the bench: parse every file and print it back unchanged (recast keeps the
// original text), i.e. the cheapest transform jscodeshift can run over a tree. Returning the printed
// source (identical to the input) makes jscodeshift count the file as unmodified; nothing is written.
'use strict';

module.exports = function identity(file, api) {
  return api.jscodeshift(file.source).toSource();
};
