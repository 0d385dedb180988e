import { expect, test } from "vitest";
import { getSocialIcon } from "./social-icon.ts";

test("social classes map to sprite icons", () => {
  expect(getSocialIcon("it-facebook")).toBe("it-facebook");
  expect(getSocialIcon("instagram")).toBe("it-instagram");
  expect(getSocialIcon("fab fa-youtube")).toBe("it-youtube");
  expect(getSocialIcon("x")).toBe("it-twitter");
  expect(getSocialIcon(null, "LinkedIn")).toBe("it-linkedin");
  expect(getSocialIcon("myspace")).toBe("it-link");
});
