import { apiRequest } from "../lib/api-client";
import type { ServiceResponse } from "../shared/api-types";
import {
  STAFF_CALLS,
  type StaffApplicationRow,
  type StaffFilter,
  type StaffListResponse,
  staffFilterQuery,
} from "../shared/staff";

// The staff review's calls (decision 0022), through the app's one API client (JSON, our CSRF
// header, failures as ApiError: a 401 means signed out).

export type StaffDocument = {
  key: string;
  label: string;
  file_name: string;
  file_size: number;
  status: "UNPROCESSED" | "IN_PROGRESS" | "COMPLETED" | "FAILED";
};

export type StaffApplication = StaffApplicationRow & {
  application: ServiceResponse;
  documents: StaffDocument[];
};

export const staffApi = {
  me: () => apiRequest<{ email: string }>("GET", STAFF_CALLS.me),
  signIn: (email: string, password: string) =>
    apiRequest<{ message: string }>("POST", STAFF_CALLS.signIn, { body: { email, password } }),
  verifyCode: (code: string) =>
    apiRequest<{ message: string }>("POST", STAFF_CALLS.verifyCode, { body: { code } }),
  signOut: () => apiRequest<{ message: string }>("POST", STAFF_CALLS.signOut),
  setPassword: (token: string, password: string) =>
    apiRequest<{ message: string }>("POST", STAFF_CALLS.setPassword, { body: { token, password } }),
  applications: (filter: StaffFilter, cursor?: string | null, signal?: AbortSignal) =>
    apiRequest<StaffListResponse>("GET", `${STAFF_CALLS.applications}${staffFilterQuery(filter, cursor)}`, {
      signal,
    }),
  application: (id: string, signal?: AbortSignal) =>
    apiRequest<StaffApplication>("GET", STAFF_CALLS.application(id), { signal }),
};

/** The CSV export of the list as filtered (a download link, so the browser saves it). */
export const exportHref = (filter: StaffFilter) => `${STAFF_CALLS.export}${staffFilterQuery(filter)}`;
