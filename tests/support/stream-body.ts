import { request } from "node:http";

export type StreamResult = {
  status: number;
  headers: Record<string, unknown>;
  sentBytes: number;
  body: string;
};

/**
 * POSTs a chunked body of up to `totalBytes` (built from `first` and then `filler` repeated), honouring
 * backpressure, and stops sending as soon as the server answers. `pauseAfterFirst` sends only `first` and waits for
 * the answer: proof that the server decided without the rest of the body.
 */
export function streamChunkedBody(options: {
  url: string;
  headers: Record<string, string>;
  first: string;
  filler: Buffer;
  totalBytes: number;
  pauseAfterFirst?: boolean;
}): Promise<StreamResult> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const req = request(options.url, {
      method: "POST",
      headers: { ...options.headers, "transfer-encoding": "chunked" },
    });
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, sentBytes, body });
        req.destroy();
      });
      res.on("error", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, sentBytes, body }));
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const write = () => {
      while (!answered && sentBytes < options.totalBytes) {
        sentBytes += options.filler.length;
        if (!req.write(options.filler)) return void req.once("drain", write);
      }
      if (!answered) req.end();
    };
    req.write(options.first);
    sentBytes += Buffer.byteLength(options.first);
    if (!options.pauseAfterFirst) write();
  });
}

/** Samples this process's resident memory while `run` goes on; returns the peak growth in MiB. */
export async function peakRssGrowthMiB<T>(run: () => Promise<T>): Promise<{ result: T; growthMiB: number }> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMiB: (peak - baseline) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}
