import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { registerServiceWorker } from "./app/register-service-worker";
import { router } from "./app/router";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

registerServiceWorker();
