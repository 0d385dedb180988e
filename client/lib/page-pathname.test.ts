import { expect, test } from "vitest";
import { pagePathname } from "./links.ts";

test("a client navigation's data request names the same page as the document request", () => {
  const page = "/area-personale/deleghe/deleganti";
  expect(pagePathname(new URL(`http://x${page}.data`))).toBe(page);
  expect(pagePathname(new URL(`http://x${page}`))).toBe(page);
  expect(pagePathname(new URL(`http://x${page}/?stato=APPROVATA`))).toBe(page);
  expect(pagePathname(new URL("http://x/_root.data"))).toBe("/");
  expect(pagePathname(new URL("http://x/"))).toBe("/");
});
