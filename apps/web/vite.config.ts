import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { "^/(admin/api|admin/open|user/api|user/open|api|health|openapi.json|socket.io)": "http://127.0.0.1:3001" } },
});
