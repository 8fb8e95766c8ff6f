// A client written with the TypeScript SDK, for the fixture to judge: it
// starts the server command it is given, reads the whole tool list the way
// the SDK's documentation pages it, and hangs up.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [command, ...args] = process.argv.slice(2);
const transport = new StdioClientTransport({ command, args, env: process.env, stderr: "inherit" });
const client = new Client({ name: "ts-sdk-client", version: "1.0.0" });
await client.connect(transport);
const names = [];
let cursor;
for (let page = 0; page < 20; page++) {
  const res = await client.listTools(cursor === undefined ? {} : { cursor });
  names.push(...res.tools.map((t) => t.name));
  if (res.nextCursor === undefined) break;
  if (page > 0 && res.nextCursor === cursor) break;
  cursor = res.nextCursor;
}
console.log(JSON.stringify(names));
await client.close();
