import { expect, test } from "vitest";
import { clientOutput, isFrameworkModule, isShellRoot, isUiKitModule } from "./client-chunks.ts";

test("the framework group takes React, React DOM and React Router only", () => {
  expect(isFrameworkModule("/p/node_modules/react/cjs/react.production.js")).toBe(true);
  expect(isFrameworkModule("/p/node_modules/react-dom/cjs/react-dom-client.production.js")).toBe(true);
  expect(isFrameworkModule("/p/node_modules/react-router/dist/production/index.mjs")).toBe(true);
  expect(isFrameworkModule("/p/node_modules/scheduler/index.js")).toBe(true);
  expect(isFrameworkModule("/p/node_modules/leaflet/dist/leaflet-src.js")).toBe(false);
  expect(isFrameworkModule("/p/node_modules/date-fns/locale/it.js")).toBe(false);
  expect(isFrameworkModule("/p/node_modules/react-leaflet/lib/index.js")).toBe(false);
  expect(isFrameworkModule("/p/client/features/react-widget.tsx")).toBe(false);
});

test("the shell group starts from the app shell, the error page and the page end only", () => {
  expect(isShellRoot("/p/client/app-shell.tsx")).toBe(true);
  expect(isShellRoot("/p/client/components/error-page/error-page.tsx")).toBe(true);
  expect(isShellRoot("/p/client/components/page-end/page-end.tsx")).toBe(true);
  expect(isShellRoot("/p/client/components/page-end/contacts-section.tsx")).toBe(false);
  expect(isShellRoot("/p/client/app-shell.tsx?import")).toBe(true);
  expect(isShellRoot("/p/client/root.tsx")).toBe(false);
  expect(isShellRoot("/p/client/features/shell/app-shell.test.tsx")).toBe(false);
});

test("the UI-kit group takes client/components/ui only", () => {
  expect(isUiKitModule("/p/client/components/ui/stepper.tsx")).toBe(true);
  expect(isUiKitModule("/p/client/components/ui/select-field.tsx?v=1")).toBe(true);
  expect(isUiKitModule("/p/client/components/rating/rating.tsx")).toBe(false);
  expect(isUiKitModule("/p/client/features/appointments/step-place.tsx")).toBe(false);
});

test("file names stay as React Router names them", () => {
  expect(clientOutput.entryFileNames).toBe("assets/[name]-[hash].js");
});
