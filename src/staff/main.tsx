import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { staffRoutes } from "./staff-routes";
import "../styles.css";
import "./staff.css";

// The staff review's own entry (decision 0022): a separate build (vite.staff.config.ts) served
// under /staff, so nothing of it is in, or changes, the applicant's first screen, and the
// applicant's service worker never precaches it.

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={createBrowserRouter(staffRoutes)} />
  </StrictMode>,
);
