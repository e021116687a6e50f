import type { RouteObject } from "react-router";
import { NotFoundPage } from "../../app/not-found";
import { SchoolLandingPage } from "./school-landing.page";

/** Children of /open: the public pages a school's code reaches, no sign-in needed. */
export const openRoutes: RouteObject[] = [
  { index: true, Component: NotFoundPage },
  { path: ":code", Component: SchoolLandingPage },
  { path: "about", lazy: () => import("../../features/hifz/about-page").then((m) => ({ Component: m.AboutPage })) },
  { path: "admission/:code", lazy: () => import("./admission.page").then((m) => ({ Component: m.AdmissionPage })) },
  { path: "record/:record/:code", lazy: () => import("./record-form.page").then((m) => ({ Component: m.RecordFormPage })) },
  { path: "material/:code", lazy: () => import("../../features/materials/public-material-page").then((m) => ({ Component: m.PublicMaterialPage })) },
  { path: "enrollment/:record/:code", lazy: () => import("./enrolment-record.page").then((m) => ({ Component: m.EnrolmentRecordPage })) },
];
