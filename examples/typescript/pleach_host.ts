// A TypeScript host that used Pleach's `applyFabricationGuard(params, config)` and now calls
// nofab instead: the same camelCase params and config go to `POST /v1/pleach/guard` of a
// running `nofab serve`, and the same `FabricationGuardResult` fields come back.
//
//   nofab serve &                                        # http://127.0.0.1:8787
//   node --experimental-strip-types pleach_host.ts       # Node >= 22.6, or: npx tsc && node dist/pleach_host.js
//
// NOFAB_URL and NOFAB_TOKEN configure it. Exit status: 0 nothing triggered, 1 the guard
// rewrote the turn, 2 the service could not be reached or refused the request.

interface ApplyFabricationGuardParams {
  fullContent: string;
  failedToolNames?: string[];
  emptyResultToolNames?: string[];
  executedToolNames?: string[];
  allKnownToolNames?: string[];
  totalToolCount?: number;
  toolResultsRaw?: unknown;
  priorToolUses?: { toolName?: string; jobId?: string }[];
  isResynthesis?: boolean;
}

interface ApplyFabricationGuardConfig {
  quantitativePatterns: string[]; // RegExp sources: a RegExp object does not cross HTTP
  degenerateProseConfig?: Record<string, unknown>;
  phantomWipeStrategy?: Record<string, string>; // phantom -> canonical tool
}

interface FabricationGuardResult {
  triggered: boolean;
  preservedContent: string;
  preservedParagraphs: number;
  wipedParagraphs: number;
  unavailableToolNames: string[];
  apiFailedToolNames: string[];
  guardBlockedToolNames: string[];
  pluginFindings: { detectorId: string; severity: string; reason: string }[];
  phantomTools?: string[];
  phantomToolsNotInRegistry?: string[];
  phantomReplacements?: { phantom: string; replacement: string }[];
  ungroundedEntities?: string[];
  dataInflation?: { toolName: string; claimedRows: number; actualRows: number }[];
}

const BASE = process.env.NOFAB_URL ?? "http://127.0.0.1:8787";
const TOKEN = process.env.NOFAB_TOKEN;

// The drop-in replacement: same signature as Pleach's, asynchronous because it is a call.
async function applyFabricationGuard(
  params: ApplyFabricationGuardParams,
  config: ApplyFabricationGuardConfig,
): Promise<FabricationGuardResult> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (TOKEN) headers.authorization = `Bearer ${TOKEN}`;
  const res = await fetch(`${BASE}/v1/pleach/guard`, {
    method: "POST",
    headers,
    body: JSON.stringify({ params, config }),
  });
  const body = await res.json();
  if (!res.ok) {
    throw new Error(`nofab ${res.status}: ${body.where ? body.where + ": " : ""}${body.error}`);
  }
  return body as FabricationGuardResult;
}

// A synthesized turn: fetch_url failed, yet the second paragraph reports what it "found",
// and the third cites a tool that never ran.
const synthesizedTurn =
  "I searched the corpus for recent work on retrieval for legal text.\n\n" +
  "According to fetch_url, the page reports a 42% drop in hallucinated citations.\n\n" +
  "I also checked get_citation_graph for the most cited paper.";

async function main(): Promise<number> {
  const result = await applyFabricationGuard(
    {
      fullContent: synthesizedTurn,
      failedToolNames: ["fetch_url"],
      emptyResultToolNames: [],
      isResynthesis: false,
      executedToolNames: ["search_corpus", "fetch_url"],
      allKnownToolNames: ["search_corpus", "fetch_url", "citation_graph"],
      totalToolCount: 2,
      toolResultsRaw: { search_corpus: [{ title: "LexRAG", year: 2024 }] },
    },
    { quantitativePatterns: [], phantomWipeStrategy: { get_citation_graph: "citation_graph" } },
  );
  console.log(`triggered: ${result.triggered}`);
  console.log(`wiped paragraphs: ${result.wipedParagraphs}, kept: ${result.preservedParagraphs}`);
  console.log(`unavailable tools: ${result.unavailableToolNames.join(", ")}`);
  for (const r of result.phantomReplacements ?? []) {
    console.log(`phantom: ${r.phantom} -> ${r.replacement}`);
  }
  console.log(`respond with: ${JSON.stringify(result.preservedContent)}`);
  // A misspelt parameter is a clear 422 naming it, never a silently different result:
  try {
    await applyFabricationGuard({ fullContent: "x", failedTools: ["a"] } as unknown as ApplyFabricationGuardParams, {
      quantitativePatterns: [],
    });
  } catch (err) {
    console.log(`bad params rejected: ${(err as Error).message}`);
  }
  return result.triggered ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`host: ${(err as Error).message}`);
    process.exit(2);
  },
);
