import { describe, expect, it } from "vitest";
import { isIosSafari } from "./ios-install-hint";

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const IPAD_SAFARI_OLD =
  "Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1";
const IPOD_SAFARI =
  "Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1";
const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const IPHONE_CHROME =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1";
const IPHONE_FIREFOX =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15";
const IPHONE_EDGE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/126.2592.56 Mobile/15E148 Safari/605.1.15";
const IPHONE_FACEBOOK =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21F90 [FBAN/FBIOS;FBAV/470.0.0.38.109;FBBV/600000000]";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

const on = (userAgent: string, platform = "", maxTouchPoints = 0) => ({
  userAgent,
  platform,
  maxTouchPoints,
});

describe("iOS Safari detection (for the add-to-home-screen hint)", () => {
  it.each([
    ["Safari on iPhone", on(IPHONE_SAFARI, "iPhone", 5)],
    ["Safari on an older iPad", on(IPAD_SAFARI_OLD, "iPad", 5)],
    ["Safari on iPod touch", on(IPOD_SAFARI, "iPhone", 5)],
    ["iPadOS Safari posing as a Mac (MacIntel with touch points)", on(MAC_SAFARI, "MacIntel", 5)],
    // An emulated iPhone user agent on another platform (e.g. a browser test) still counts.
    ["an iPhone user agent whatever the platform", on(IPHONE_SAFARI, "Linux x86_64", 0)],
  ])("recognises %s", (_, identity) => {
    expect(isIosSafari(identity)).toBe(true);
  });

  it.each([
    ["Safari on a Mac", on(MAC_SAFARI, "MacIntel", 0)],
    ["Chrome on iPhone", on(IPHONE_CHROME, "iPhone", 5)],
    ["Firefox on iPhone", on(IPHONE_FIREFOX, "iPhone", 5)],
    ["Edge on iPhone", on(IPHONE_EDGE, "iPhone", 5)],
    ["Facebook's in-app browser", on(IPHONE_FACEBOOK, "iPhone", 5)],
    ["Chrome on Android", on(ANDROID_CHROME, "Linux armv8l", 5)],
    ["Chrome on Windows", on(WINDOWS_CHROME, "Win32", 10)],
  ])("leaves out %s", (_, identity) => {
    expect(isIosSafari(identity)).toBe(false);
  });
});
