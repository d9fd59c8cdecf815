import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  FILE_EMPTY_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
} from "../../src/shared/document-rules";
import { HttpError } from "../http-error";
import { type DocumentViewLinks, VIEW_PATH } from "../services/document-view-links";
import {
  LOCAL_BUCKET,
  LOCAL_UPLOAD_PATH,
  type LocalDiskStore,
  UploadTooLarge,
} from "../storage/local-disk-store";
import type { ObjectStore } from "../storage/object-store";
import { verifyPostPolicy } from "../storage/post-policy";

// Files outside /api/: the local store's upload endpoint (the browser posts it no-cors, without
// our CSRF header or a session: the signed policy is the permission, as with S3) and the
// short-lived PDF links. Neither is cached by the service worker (its navigation denylist).

/** At most this much besides the file: S3's fields are a few hundred bytes. */
const FIELD_BYTES = 8 * 1024;

const LINK_EXPIRED_MESSAGE =
  "This link to your document has expired. Please open the document again from your application.";
const DOCUMENT_GONE_MESSAGE = "This document is no longer available.";

function isTooLarge(error: unknown): boolean {
  return error instanceof UploadTooLarge || (error as { code?: string })?.code === "FST_REQ_FILE_TOO_LARGE";
}

/**
 * `POST /files/upload`: a browser-based upload checked exactly as S3 checks one (post-policy.ts):
 * the fields before the file must carry a valid signature, an unexpired policy and meet every
 * condition before a byte of the file is kept; the file is streamed to disk and refused as soon as
 * it passes the policy's content-length-range (and never more than 1 MB is read). 204 on success.
 */
export const localUploadRoutes: FastifyPluginAsync<{ store: LocalDiskStore }> = async (app, { store }) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 20,
      fieldSize: FIELD_BYTES,
      parts: 21,
      headerPairs: 50,
    },
  });

  app.post(LOCAL_UPLOAD_PATH, async (request, reply) => {
    try {
      return await receiveUpload(request, reply);
    } catch (error) {
      // A body that is not the multipart form it says it is: the sender's fault, not ours (a 500
      // would tell the client the server had a problem).
      if (isMalformedForm(error)) throw new HttpError(400, MALFORMED_UPLOAD_MESSAGE);
      throw error;
    }
  });

  async function receiveUpload(request: FastifyRequest, reply: FastifyReply) {
    const fields: [string, string][] = [];
    for await (const part of request.parts()) {
      if (part.type === "field") {
        // Names no field: no refusal repeats what was sent (issue 36).
        if (typeof part.value !== "string" || part.valueTruncated)
          throw new HttpError(400, "A field of the upload is too long.");
        fields.push([part.fieldname, part.value]);
        continue;
      }
      if (part.fieldname !== "file")
        throw new HttpError(400, "The upload's file must be sent as the field named file.");
      const verdict = verifyPostPolicy(store.credentials, LOCAL_BUCKET, fields, app.clock());
      if (!verdict.ok) {
        part.file.resume();
        throw new HttpError(verdict.statusCode, verdict.message, { body: { code: verdict.code } });
      }
      const limit = Math.min(verdict.maxBytes, MAX_UPLOAD_BYTES);
      let size: number;
      try {
        size = await store.writeStream(verdict.key, part.file, limit);
      } catch (error) {
        if (isTooLarge(error))
          throw new HttpError(400, FILE_TOO_LARGE_MESSAGE, { body: { code: "EntityTooLarge" } });
        throw error;
      }
      if (size < Math.max(verdict.minBytes, 1)) {
        await store.remove(verdict.key);
        throw new HttpError(400, FILE_EMPTY_MESSAGE, { body: { code: "EntityTooSmall" } });
      }
      // S3 ignores whatever follows the file.
      return reply.status(204).send();
    }
    throw new HttpError(400, "POST requires exactly one file upload per request.");
  }
};

const MALFORMED_UPLOAD_MESSAGE = "The upload could not be read: its form data is malformed.";

/** The multipart parser's (busboy's) refusals of a malformed body: plain errors without a status. */
function isMalformedForm(error: unknown): boolean {
  if (!(error instanceof Error) || (error as { statusCode?: unknown }).statusCode !== undefined) return false;
  return /^Multipart: Boundary not found$|unexpected end of multipart data$/i.test(error.message);
}

/** An ASCII name for Content-Disposition's `filename`, and the real one for `filename*`. */
function pdfName(fileName: string): { ascii: string; encoded: string } {
  const base = fileName.replace(/\.[^.]*$/, "") || "document";
  const name = `${base}.pdf`;
  return {
    ascii: name.replace(/[^A-Za-z0-9._ -]/g, "_"),
    encoded: encodeURIComponent(name),
  };
}

/**
 * A viewer for PDFs the applicant uploaded: no script of ours, nothing it may load, a unique
 * origin (sandbox, so nothing in it reaches our cookies or storage), and scripts only for the
 * browser's own PDF viewer, which Safari runs as page script.
 */
export const DOCUMENT_VIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: blob:; frame-ancestors 'self'; sandbox allow-scripts";

/** Streams a PDF as the view links do (also the application PDF's route). */
export function sendPdf(
  reply: FastifyReply,
  found: { stream: NodeJS.ReadableStream; size: number },
  fileName: string,
) {
  const { ascii, encoded } = pdfName(fileName);
  return reply
    .header("Content-Type", "application/pdf")
    .header("Content-Length", String(found.size))
    .header("Content-Disposition", `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`)
    .header("Cache-Control", "no-store")
    .header("Content-Security-Policy", DOCUMENT_VIEW_CSP)
    .header("X-Frame-Options", "SAMEORIGIN")
    .header("Referrer-Policy", "no-referrer")
    .send(found.stream);
}

/** `GET /files/view?token=…`: the PDF a view link names, streamed from the object store. */
export const documentViewRoutes: FastifyPluginAsyncZod<{
  store: ObjectStore;
  links: DocumentViewLinks;
}> = async (app, { store, links }) => {
  app.get(
    VIEW_PATH,
    { schema: { querystring: z.object({ token: z.string().max(2000) }) } },
    async (request, reply) => {
      const claim = links.verify(request.query.token);
      if (!claim) throw new HttpError(403, LINK_EXPIRED_MESSAGE);
      const found = await store.readStream(claim.key);
      if (!found) throw new HttpError(404, DOCUMENT_GONE_MESSAGE);
      return sendPdf(reply, found, claim.name);
    },
  );
};
