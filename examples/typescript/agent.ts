// A Node agent (no dependencies: Node 18+'s global fetch) that asks a running
// `nofab serve` whether its answer is backed by the tools it called, before showing it.
//
//   nofab serve &                       # http://127.0.0.1:8787
//   node --experimental-strip-types agent.ts     # Node >= 22.6, or: npx tsc && node dist/agent.js
//
// NOFAB_URL and NOFAB_TOKEN (if the service was started with one) configure it.
// Only erasable TypeScript syntax is used, so Node can run the file by stripping the types.

interface ToolCall {
  id?: string;
  name: string;
  arguments?: unknown;
  result?: unknown;
  status?: "ok" | "error" | "empty" | "blocked";
  error?: string | null;
}

interface Turn {
  response: string;
  user_message?: string;
  context?: string;
  tool_calls?: ToolCall[];
}

interface Finding {
  kind: string;
  identifier: string;
  confidence: number;
  severity: "low" | "medium" | "high";
  span: [number, number];
  reason: string;
}

interface Verdict {
  findings: Finding[];
  action: string;
  output: string;
  passed: boolean;
  warnings?: string[];
}

const BASE = process.env.NOFAB_URL ?? "http://127.0.0.1:8787";
const TOKEN = process.env.NOFAB_TOKEN;

async function checkTurn(turn: Turn, mode = "refuse"): Promise<Verdict> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (TOKEN) headers.authorization = `Bearer ${TOKEN}`;
  const res = await fetch(`${BASE}/v1/check?mode=${encodeURIComponent(mode)}`, {
    method: "POST",
    headers,
    body: JSON.stringify(turn),
  });
  const body = await res.json();
  if (!res.ok) {
    // Every error is {"error": "...", "where": "..."}: say it and stop.
    throw new Error(`nofab ${res.status}: ${body.where ? body.where + ": " : ""}${body.error}`);
  }
  return body as Verdict;
}

// What a real agent would have after its model and tools ran: one tool call, and a
// draft answer that invents a refund confirmation no tool returned.
const turn: Turn = {
  user_message: "Please refund order A-1042, it arrived broken.",
  tool_calls: [
    {
      id: "call_1",
      name: "get_order",
      arguments: { order_id: "A-1042" },
      result: { order_id: "A-1042", total: 42.7333, items: 3, status: "delivered" },
    },
  ],
  response:
    "Your order A-1042 ($42.73, 3 items) was delivered.\n\n" +
    "I've refunded it: refund_id=RF-88231.",
};

async function main(): Promise<number> {
  const verdict = await checkTurn(turn);
  for (const f of verdict.findings) {
    console.log(`finding: ${f.kind} ${JSON.stringify(f.identifier)} (${f.confidence}): ${f.reason}`);
  }
  console.log(`action: ${verdict.action}`);
  console.log(`shown to the user: ${verdict.output}`);
  // Malformed input gets a clear 4xx JSON error, not a stack trace:
  try {
    await checkTurn({ response: 42 } as unknown as Turn);
  } catch (err) {
    console.log(`bad turn rejected: ${(err as Error).message}`);
  }
  return verdict.passed ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`agent: ${(err as Error).message}`);
    process.exit(2);
  },
);
