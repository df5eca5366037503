import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import {
  agentMessages,
  openChat,
  send,
  unlimitedEnv,
  userMessages,
  waitForReplyDone,
} from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** A text file of `lines` numbered lines of eight words each. */
function notesText(lines: number): Buffer {
  const out: string[] = [];
  for (let i = 1; i <= lines; i += 1) out.push(`entry ${i} of the long meeting notes here`);
  return Buffer.from(`${out.join("\n")}\n`);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of width × height: orange with a darker band, so the preview shows something. */
function orangePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const band = y > height / 3 && y < (2 * height) / 3;
      row[1 + x * 3] = band ? 180 : 249;
      row[2 + x * 3] = band ? 70 : 115;
      row[3 + x * 3] = band ? 10 : 22;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * Writes a file for the page to pick. The multi-MB files go by path: Playwright hands a path to
 * Chromium as it is, while a buffer crosses to the page as base64 and is decoded there, which
 * took over 30 s for 13 MB on a loaded CI machine.
 */
function fileOnDisk(dir: string, name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe("attachments are uploaded once and read by the agent", () => {
  const suite = useServerAndBrowser({
    ...unlimitedEnv,
    QUOTA_FILE_BYTES: String(12 * 1024 * 1024),
  });
  const dir = mkdtempSync(join(tmpdir(), "a2a-chat-e2e-uploads-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("uploads a multi-MB file with progress, the agent reads it, and it is there after a reload", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);
    await waitForReplyDone(page);
    const agentBodies: number[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/v1/agents/") && request.method() === "POST")
        agentBodies.push(request.postDataBuffer()?.byteLength ?? 0);
    });
    const fileInput = page.getByLabel("Attach files");
    const chips = page.getByRole("list", { name: "Attached files" });
    const note =
      "Files are uploaded to this server: up to 12.00 MB each. This site's agents read them here; agents you added by URL are sent a copy.";
    expect(await page.getByRole("button", { name: "Attach" }).getAttribute("title")).toBe(note);

    // Too large: refused at once with both sizes, nothing uploaded.
    await fileInput.setInputFiles(fileOnDisk(dir, "huge.bin", Buffer.alloc(13 * 1024 * 1024, 1)));
    const alert = page.getByRole("alert").filter({ hasText: "too large" });
    await alert.waitFor();
    expect(await alert.innerText()).toBe(
      "huge.bin (13.00 MB) is too large: files can be up to 12.00 MB each.",
    );
    await page.getByText(note).waitFor();
    expect(await chips.count()).toBe(0);
    await screenshot(page, "uploads-too-large");

    // A network failure says so, and nothing is left attached.
    await page.route("**/api/v1/core/contexts/*/files", (route) => route.abort("failed"));
    await fileInput.setInputFiles({
      name: "lost.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("x\n"),
    });
    const lost = page.getByRole("alert").filter({ hasText: "lost.txt" });
    await lost.waitFor();
    expect(await lost.innerText()).toBe(
      "lost.txt could not be uploaded: the connection failed. Check your connection and try again.",
    );
    expect(await chips.count()).toBe(0);
    await page.unroute("**/api/v1/core/contexts/*/files");

    // A 6 MB text file, uploaded on a slowed connection so its progress shows.
    const notes = notesText(150_000);
    expect(notes.byteLength).toBeGreaterThan(6_000_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 50 * 1024 * 1024,
      uploadThroughput: 3 * 1024 * 1024,
    });
    await fileInput.setInputFiles(fileOnDisk(dir, "meeting-notes.txt", notes));
    const chip = chips.getByRole("listitem").filter({ hasText: "meeting-notes.txt" });
    await chip.getByText(/^Uploading \d+%$/).waitFor();
    expect(await page.getByRole("button", { name: "Send message" }).isDisabled()).toBe(true);
    await expect
      .poll(async () => Number(await chip.getByRole("progressbar").getAttribute("aria-valuenow")), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    await screenshot(page, "uploads-progress");
    await chip.getByRole("progressbar").waitFor({ state: "detached", timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await chip.innerText()).toContain("6.19 MB");

    // And an image alongside it.
    await fileInput.setInputFiles({
      name: "banner.png",
      mimeType: "image/png",
      buffer: orangePng(480, 180),
    });
    await chips.getByRole("listitem").filter({ hasText: "banner.png" }).waitFor();
    await chips.getByRole("progressbar").waitFor({ state: "detached" });
    await send(page, "What is in these files?");

    const sent = userMessages(page).filter({ hasText: "What is in these files?" });
    await sent.getByText("meeting-notes.txt", { exact: true }).waitFor();
    await sent.getByRole("img", { name: "banner.png" }).waitFor();
    expect(await sent.innerText()).toContain("text/plain · 6.19 MB");
    const reply = agentMessages(page).filter({ hasText: "I read meeting-notes.txt" });
    await reply.waitFor({ timeout: 30_000 });
    await waitForReplyDone(page);
    const replyText = await reply.innerText();
    expect(replyText).toContain(
      "I read meeting-notes.txt (text/plain, 6.19 MB): 150,000 lines and 1,200,000 words. It begins “entry 1 of the long meeting notes here” and ends “entry 150000 of the long meeting notes here”.",
    );
    expect(replyText).toContain("banner.png is a PNG image of 480 × 180 pixels");
    // Only links travelled to the agent: no request to it came near the files' size.
    expect(Math.max(...agentBodies)).toBeLessThan(20_000);
    await screenshot(page, "uploads-agent-read");

    // After a reload the message still has its files, the image previewed with the user's token.
    await page.reload();
    const again = userMessages(page).filter({ hasText: "What is in these files?" });
    await again.getByRole("img", { name: "banner.png" }).waitFor({ timeout: 20_000 });
    expect(await again.innerText()).toContain("meeting-notes.txt");
    expect(await again.innerText()).toContain("text/plain · 6.19 MB");
    const shown = await again
      .getByRole("img", { name: "banner.png" })
      .evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, src: img.src.slice(0, 5) }));
    expect(shown).toEqual({ width: 480, src: "blob:" });
    await screenshot(page, "uploads-after-reload");

    // Download gives the same bytes back.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      again.getByRole("button", { name: "Download meeting-notes.txt" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("meeting-notes.txt");
    const path = await download.path();
    expect(readFileSync(path).equals(notes)).toBe(true);

    // The one console error is the upload this test cut off on purpose.
    expect(errors).toEqual(["Failed to load resource: net::ERR_FAILED"]);
    await context.close();
  });
});
