// The messaging service worker (client/push-sw/firebase-messaging-sw.ts) as one classic script at the root of the
// client build: a worker cannot import the app's chunks, and the SDK's own worker code comes bundled (no CDN, so the
// CSP needs no script origin). Run after `react-router build` (it keeps the build directory).
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: false,
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    copyPublicDir: false,
    lib: {
      entry: "client/push-sw/firebase-messaging-sw.ts",
      formats: ["iife"],
      name: "firebaseMessagingSw",
      fileName: () => "firebase-messaging-sw.js",
    },
  },
});
