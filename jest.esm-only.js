// ES-module-only packages that tests load: Node 24 require()s them from our CommonJS builds, but Jest's module system
// does not (its require(esm) needs --experimental-vm-modules), so SWC compiles exactly these to CommonJS and every
// other package in node_modules stays untransformed. Each project names what it adds to the shared list.
//
// Shared by every project: @cs/processing's (franc-min and its dependencies; unpdf's PDF.js bundle) and marked, which
// @cs/testing's Markdown renderers use.
const SHARED = ['franc-min', 'trigram-utils', 'n-gram', 'collapse-white-space', 'unpdf', 'marked'];

/** Jest's `transform` entry and `transformIgnorePatterns` for the shared packages and `extra` ones. */
module.exports = function esmOnly(extra = []) {
  const packages = [...SHARED, ...extra].join('|');
  return {
    transform: { [`/node_modules/(${packages})/.+\\.m?js$`]: ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }] },
    // A path inside one of them is transformed, dependencies nested below it included (oidc-provider's own jose).
    transformIgnorePatterns: [`^(?!.*/node_modules/(${packages})/).*/node_modules/`],
  };
};
