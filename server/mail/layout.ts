import { partner } from "../../src/config/partner";
import type { Language } from "../../src/i18n/language";
import { MAIL_WORDS } from "./mail-words";
import type { MailContent } from "./types";

/** The pieces a mail is made of; each renders to both the plain-text and the HTML part. */
export type Block = { paragraph: string } | { code: string } | { link: string; label: string };

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function blockText(block: Block): string {
  if ("paragraph" in block) return block.paragraph;
  if ("code" in block) return `    ${block.code}`;
  return `${block.label}:\n${block.link}`;
}

function blockHtml(block: Block): string {
  if ("paragraph" in block) return `<p>${escapeHtml(block.paragraph)}</p>`;
  if ("code" in block) {
    return `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(block.code)}</p>`;
  }
  return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`;
}

/**
 * Plain text and HTML of one mail, with the partner's name and help address in the footer, in
 * `language` (English by default: the office's and staff's mails).
 */
export function composeMail(options: {
  to: string;
  subject: string;
  blocks: Block[];
  summary: string;
  language?: Language;
}): MailContent {
  const language = options.language ?? "en";
  const words = MAIL_WORDS[language];
  const footer = [
    `${partner.name}, ${partner.addressLines[0] ?? "Admissions"}`,
    `${words.footerQuestions} ${partner.helpEmail}.`,
    `${words.footerSentTo} ${options.to}.`,
  ];
  const text = [partner.name, ...options.blocks.map(blockText), `--\n${footer.join("\n")}`].join("\n\n");
  const help = escapeHtml(partner.helpEmail);
  const html = [
    "<!doctype html>",
    `<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(options.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">',
    `<h1 style="font-size:20px">${escapeHtml(partner.name)}</h1>`,
    ...options.blocks.map(blockHtml),
    '<hr><p style="font-size:13px;color:#555">',
    `${escapeHtml(footer[0] ?? "")}<br>`,
    `${escapeHtml(words.footerQuestions)} <a href="mailto:${help}">${help}</a>.<br>`,
    `${escapeHtml(words.footerSentTo)} ${escapeHtml(options.to)}.`,
    "</p></body></html>",
  ].join("\n");
  return { subject: options.subject, text: `${text}\n`, html, summary: options.summary };
}
