// The dependency rule (STYLE.md): capabilities never import each other, and
// from other workspace packages they import only `contracts`; the console
// imports no server code at all.
import { dirname, relative, resolve, sep } from 'node:path';

const CAPABILITIES = new Set([
  'orders', 'credits', 'xrpl', 'kyc', 'aml', 'compliance', 'portfolio', 'market', 'auth', 'audit',
]);
const ROOT = resolve(import.meta.dirname, '..');

/** Which package and capability a file belongs to, e.g. { pkg: 'ledger-service', capability: 'orders' }. */
function locate(file) {
  const parts = relative(ROOT, file).split(sep);
  const [pkg, src, first, second] = parts;
  if (src !== 'src') return { pkg, capability: undefined };
  if (pkg === 'console') {
    return { pkg, capability: first === 'features' && CAPABILITIES.has(second) ? second : undefined };
  }
  return { pkg, capability: CAPABILITIES.has(first) ? first : undefined };
}

export const capabilityBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossCapability: "Capability '{{from}}' must not import capability '{{to}}'; share through contracts instead.",
      workspacePackage: "Capability '{{from}}' may import only @carbon-ledger/contracts from other packages, not '{{source}}'.",
      consoleServer: "The console must not import server code ('{{source}}'); use @carbon-ledger/contracts.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = locate(file);
    if (!here.pkg) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (source.startsWith('@carbon-ledger/')) {
        if (source === '@carbon-ledger/contracts') return;
        if (here.pkg === 'console') {
          context.report({ node, messageId: 'consoleServer', data: { source } });
        } else if (here.capability) {
          context.report({ node, messageId: 'workspacePackage', data: { from: here.capability, source } });
        }
        return;
      }
      if (!source.startsWith('.')) return;
      const target = locate(resolve(dirname(file), source));
      if (here.pkg === 'console' && target.pkg !== 'console') {
        context.report({ node, messageId: 'consoleServer', data: { source } });
        return;
      }
      if (here.capability && target.capability && target.pkg === here.pkg && target.capability !== here.capability) {
        context.report({ node, messageId: 'crossCapability', data: { from: here.capability, to: target.capability } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
