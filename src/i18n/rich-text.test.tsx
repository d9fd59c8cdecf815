import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatEnglish } from "./format-message";
import { richText } from "./rich-text";

describe("a message with elements inside", () => {
  it("puts each element where the message names it, and plain values as text", () => {
    const html = renderToStaticMarkup(
      <p>
        {richText(formatEnglish, "E-mail {email} or call {phone}.", {
          email: <a href="mailto:help@example.edu">help@example.edu</a>,
          phone: "555-0100",
        })}
      </p>,
    );
    expect(html).toBe(
      '<p>E-mail <a href="mailto:help@example.edu">help@example.edu</a> or call 555-0100.</p>',
    );
  });

  it("follows a translation that moves the element", () => {
    const spanishOrder = (english: string, values?: Record<string, string | number>) =>
      formatEnglish(english === "Read our {policy}." ? "Lea nuestra {policy} completa." : english, values);
    const html = renderToStaticMarkup(
      <p>{richText(spanishOrder, "Read our {policy}.", { policy: <b>política</b> })}</p>,
    );
    expect(html).toBe("<p>Lea nuestra <b>política</b> completa.</p>");
  });
});
