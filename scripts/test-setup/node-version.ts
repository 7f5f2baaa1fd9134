// The Node versions every dependency supports (package.json's engines): 20.19 or newer on 20, 22.12 or newer after.
export function checkNodeVersion(): string {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const supported = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22;
  return supported
    ? `Node ${process.versions.node}: supported.`
    : `Node ${process.versions.node} is NOT supported (package.json engines: ^20.19.0 || >=22.12.0): expect failures.`;
}
