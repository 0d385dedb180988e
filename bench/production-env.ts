// Imported first by bench/run.ts, before anything loads React: the in-process portal runs as in production (the
// Dockerfile sets NODE_ENV=production), so React and React Router load their production builds. Without it they load
// their development builds, which render several times slower and would be what the benchmark measures.
process.env.NODE_ENV ??= "production";
