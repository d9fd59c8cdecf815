import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answers, auditLog, documentConversions, staffUsers } from "../../server/db/schema";
import { csvField } from "../../server/services/applications-csv";
import { STAFF_CALLS, type StaffListResponse } from "../../src/shared/staff";
import { putAnswers } from "../helpers/api";
import { pdfTestApp, type StandInPrinter, standInPrinter } from "../helpers/application-pdf";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { parseCsv } from "../helpers/csv";
import { RESUME, settledConversion, TINY_PDF, uploadDocument } from "../helpers/documents";
import { ownDatabase } from "../helpers/postgres";
import { startSmtp, type TestSmtp } from "../helpers/smtp";
import { staffGet, staffMember, staffSession } from "../helpers/staff";
import { clientHeaders, type DocumentParts, signedInUser, type TestApp } from "../helpers/test-app";

// The staff review's reads (issue 32, decision 0022): the list with counts by status, search and
// filters, one application, its PDF, the CSV export; nothing that changes an application; every
// read in the audit log. On a database of its own, so the counts are this file's.

let smtp: TestSmtp;
let own: Awaited<ReturnType<typeof ownDatabase>>;
let test: TestApp & DocumentParts;
let printer: StandInPrinter;
let staff: string;
let staffId: string;
type Applicant = Awaited<ReturnType<typeof signedInUser>>;
let ada: Applicant;
let zoe: Applicant;
let grace: Applicant;

async function applicant(answered: Record<string, string>, username?: string): Promise<Applicant> {
  const user = await signedInUser(test, username);
  const saved = await putAnswers(test, user.cookie, answered);
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

beforeAll(async () => {
  smtp = await startSmtp();
  own = await ownDatabase();
  printer = standInPrinter();
  test = await pdfTestApp(printer, {
    smtpUrl: smtp.url,
    databaseUrl: own?.url,
  });
  const member = await staffMember(test);
  staff = await staffSession(test, smtp, member);
  const [row] = await test.database.db.select().from(staffUsers).where(eq(staffUsers.email, member.email));
  staffId = row?.id ?? "";

  ada = await applicant({ ...COMPLETE_APPLICATION, app_type_desc: "Transfer" }, "ada.lovelace@example.edu");
  const submitted = await test.app.inject({
    method: "POST",
    url: "/api/submit",
    headers: clientHeaders(ada.cookie),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  // Accents, a comma, quotes, a line break and a would-be formula: what the CSV must carry safely.
  zoe = await applicant(
    {
      first_name: "Zoë",
      last_name: "Ångström",
      address_line_1: 'Flat 2, "The Old Mill"\nRiver Lane',
      city: '=HYPERLINK("http://evil.example")',
    },
    "zoe@example.edu",
  );
  grace = await applicant({ first_name: "Grace", last_name: "Hopper" }, "grace@navy.example");
  await uploadDocument(test, grace.cookie, RESUME, TINY_PDF, "resume.pdf");
  await settledConversion(test, grace.cookie, RESUME);
  // A conversion still waiting for its job (as it is while a worker is busy).
  await test.database.db
    .update(documentConversions)
    .set({ status: "UNPROCESSED" })
    .where(eq(documentConversions.userId, grace.userId));
  for (const user of [zoe, grace]) {
    await test.app.inject({
      method: "POST",
      url: "/api/web-status",
      headers: clientHeaders(user.cookie),
      payload: { web_status: "started" },
    });
  }
});
afterAll(async () => {
  await test?.close();
  await own?.drop();
  await smtp?.close();
});

async function list(query = ""): Promise<StaffListResponse> {
  const response = await staffGet(test, `${STAFF_CALLS.applications}${query}`, staff);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const ids = (page: StaffListResponse) => page.applications.map((row) => row.id);

async function auditOf(action: string) {
  return test.database.db
    .select({ applicationId: auditLog.applicationId, staffId: auditLog.staffId, apiKeyId: auditLog.apiKeyId })
    .from(auditLog)
    .where(eq(auditLog.action, `staff: ${action}`));
}

describe("the list", () => {
  it("gives every application, newest change first, with counts by status", async () => {
    const page = await list();
    expect(ids(page)).toStrictEqual([grace.userId, zoe.userId, ada.userId]);
    expect(page.counts).toStrictEqual({ all: 3, not_started: 0, started: 2, validating: 0, submitted: 1 });
    expect(page.next_cursor).toBeNull();
    expect(page.applications[2]).toMatchObject({
      username: "ada.lovelace@example.edu",
      name: "Ada Lovelace",
      web_status: "submitted",
      documents_converting: 0,
    });
    expect(page.applications[0]?.documents_converting).toBe(1);
  });

  it("searches names and e-mail addresses, any case, any part; filters by status and by converting documents", async () => {
    expect(ids(await list("?q=LOVEL"))).toStrictEqual([ada.userId]);
    expect(ids(await list("?q=grace%40navy"))).toStrictEqual([grace.userId]);
    expect(ids(await list("?q=zo%C3%AB"))).toStrictEqual([zoe.userId]);
    expect(ids(await list("?q=Grace%20Hop"))).toStrictEqual([grace.userId]);
    expect(ids(await list("?q=%25"))).toStrictEqual([]);
    expect(ids(await list("?status=submitted"))).toStrictEqual([ada.userId]);
    expect(ids(await list("?status=started"))).toStrictEqual([grace.userId, zoe.userId]);
    const converting = await list("?converting=true");
    expect(ids(converting)).toStrictEqual([grace.userId]);
    // Counts follow the search and the documents filter, not the status chosen.
    expect(converting.counts).toStrictEqual({
      all: 1,
      not_started: 0,
      started: 1,
      validating: 0,
      submitted: 0,
    });
    expect((await list("?q=example.edu&status=submitted")).counts.all).toBe(2);
  });

  it("records each list in the audit log under the staff member", async () => {
    const before = (await auditOf("list")).length;
    await list("?q=ada");
    const rows = await auditOf("list");
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toStrictEqual({ applicationId: null, staffId, apiKeyId: null });
  });
});

describe("one application", () => {
  it("gives what the read-only rendering shows, and records the view", async () => {
    const response = await staffGet(test, STAFF_CALLS.application(grace.userId), staff);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: grace.userId,
      username: "grace@navy.example",
      name: "Grace Hopper",
      web_status: "started",
      application: {
        answer: { first_name: "Grace", [RESUME]: "ANSWERED" },
        document_answer: { [RESUME]: {} },
      },
      documents: [{ key: RESUME, label: "Résumé", file_name: "resume.pdf", status: "UNPROCESSED" }],
    });
    expect(await auditOf("view")).toContainEqual({ applicationId: grace.userId, staffId, apiKeyId: null });
  });

  it("answers 404 for an unknown id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nobody"]) {
      expect((await staffGet(test, STAFF_CALLS.application(id), staff)).statusCode).toBe(404);
      expect((await staffGet(test, STAFF_CALLS.pdf(id), staff)).statusCode).toBe(404);
    }
  });

  it("opens the application PDF itself, waiting for the print, and records it", async () => {
    const response = await staffGet(test, STAFF_CALLS.pdf(ada.userId), staff);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await auditOf("pdf")).toContainEqual({ applicationId: ada.userId, staffId, apiKeyId: null });
  });

  it("cannot change anything: no write is open to a staff session", async () => {
    for (const [method, url] of [
      ["PUT", "/api/answer"],
      ["POST", "/api/submit"],
      ["PUT", `${STAFF_CALLS.application(ada.userId)}`],
      ["POST", `${STAFF_CALLS.application(ada.userId)}`],
      ["DELETE", `${STAFF_CALLS.application(ada.userId)}`],
    ] as const) {
      const response = await test.app.inject({
        method,
        url,
        headers: clientHeaders(staff),
        payload: { first_name: "Changed" },
      });
      expect([401, 404], `${method} ${url}`).toContain(response.statusCode);
    }
    const [stored] = await test.database.db
      .select()
      .from(answers)
      .where(eq(answers.userId, ada.userId))
      .limit(1);
    expect(stored).toBeDefined();
    const first = await test.database.db.select().from(answers).where(eq(answers.key, "first_name"));
    expect(first.find((row) => row.userId === ada.userId)?.value).toBe("Ada");
  });
});

describe("the CSV export", () => {
  async function exported(query = "") {
    const response = await staffGet(test, `${STAFF_CALLS.export}${query}`, staff);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  it("is UTF-8 with a byte order mark: one row per application, one column per answer key with its _desc", async () => {
    const response = await exported();
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="applications-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toStrictEqual([0xef, 0xbb, 0xbf]);
    const [header = [], ...rows] = parseCsv(bytes.toString("utf8").slice(1));
    expect(header.slice(0, 6)).toStrictEqual([
      "id",
      "email",
      "name",
      "web_status",
      "submitted_at",
      "updated_at",
    ]);
    expect(header.indexOf("app_type_desc")).toBe(header.indexOf("app_type") + 1);
    expect(header.indexOf("gender_desc")).toBe(header.indexOf("gender") + 1);
    expect(header).toContain("first_name");
    expect(header).not.toContain("first_name_desc");
    expect(new Set(header).size).toBe(header.length);
    expect(rows).toHaveLength(3);
    const byId = new Map(
      rows.map((row) => [row[0], Object.fromEntries(header.map((name, i) => [name, row[i]]))]),
    );
    expect(byId.get(ada.userId)).toMatchObject({
      email: "ada.lovelace@example.edu",
      web_status: "submitted",
      app_type: "1",
      app_type_desc: "Transfer",
      first_name: "Ada",
    });
    expect(byId.get(zoe.userId)).toMatchObject({
      name: "Zoë Ångström",
      first_name: "Zoë",
      address_line_1: 'Flat 2, "The Old Mill"\nRiver Lane',
      // A formula is never run by the spreadsheet: it is text.
      city: '\'=HYPERLINK("http://evil.example")',
    });
  });

  it("exports the filtered list only, and records every application exported", async () => {
    const before = (await auditOf("export")).length;
    const [, ...rows] = parseCsv(
      (await exported("?status=started&q=o")).rawPayload.toString("utf8").slice(1),
    );
    expect(rows.map((row) => row[0]).sort()).toStrictEqual([grace.userId, zoe.userId].sort());
    const audited = (await auditOf("export")).slice(before);
    expect(audited.map((row) => row.applicationId).sort()).toStrictEqual([grace.userId, zoe.userId].sort());
  });

  it("quotes what needs it and neutralises formulas", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    for (const formula of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx"])
      expect(csvField(formula)).toBe(`'${formula}`);
  });
});
