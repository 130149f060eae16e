// The server's entry. Node keeps the compiled code of every module it loads in a cache on disk
// (module.enableCompileCache, Node 22.1+), so a later start parses and compiles only what changed:
// enabled here, before the server's modules are loaded (an ES module graph is compiled whole
// before any of it runs, so serve.ts itself could not enable it for its own imports).
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';

// The cache lives outside DATA_DIR (it is not data): Node's default under the system's temporary
// directory, or NODE_COMPILE_CACHE when set. Node checks each entry against its source's hash.
module.enableCompileCache?.(process.env.NODE_COMPILE_CACHE ?? path.join(os.tmpdir(), 'letterpost-compile-cache'));
await import('./serve.js');
