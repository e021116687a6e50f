import { Navigate, type RouteObject } from "react-router";
import { ATTENDANCE_PARENT_SCREENS } from "../../features/attendance/attendance-screens";
import { SALAAH_LEAVE_PARENT_SCREENS } from "../../features/attendance/salaah/salaah-screens";
import { CHECKLISTS_PARENT_SCREENS } from "../../features/checklists/checklists-screens";
import { EXAMS_PARENT_SCREENS } from "../../features/exams/exams-screens";
import { FEES_PARENT_SCREENS } from "../../features/fees/parent/fees-parent-screens";
import { HALLS_PARENT_SCREENS } from "../../features/halls/halls-screens";
import { HIFZ_PARENT_SCREENS } from "../../features/hifz/hifz-screens";
import { prefetchChildHome } from "../../features/home/use-home";
import { LESSONS_PARENT_SCREENS } from "../../features/lessons/lessons-screens";
import { MATERIALS_PARENT_SCREENS } from "../../features/materials/materials-screens";
import { MEETINGS_PARENT_SCREENS } from "../../features/meetings/meetings-screens";
import { TASKS_PARENT_SCREENS } from "../../features/tasks/tasks-screens";
import { ParentLayout } from "./parent-layout";

const lazyScreen = (load: () => Promise<React.ComponentType>) => async () => ({ Component: await load() });

/** The parent area (Parent, Staff, Muawin): home, the teaching roles' classes, notifications, one's profile. */
export const parentRoutes: RouteObject[] = [
  {
    element: <ParentLayout />,
    children: [
      { index: true, element: <Navigate to="home" replace /> },
      { path: "home", loader: prefetchChildHome, lazy: lazyScreen(() => import("./parent-home-page").then((m) => m.ParentHomePage)) },
      { path: "classes", lazy: lazyScreen(() => import("./my-classes-page").then((m) => m.MyClassesPage)) },
      { path: "notifications", lazy: lazyScreen(() => import("../../features/communication/notifications-page").then((m) => m.NotificationsPage)) },
      { path: "chat", lazy: lazyScreen(() => import("../../features/communication/chat/chat-page").then((m) => m.ChatPage)) },
      ...ATTENDANCE_PARENT_SCREENS.map(([path, load]) => ({ path, lazy: lazyScreen(load) })),
      ...SALAAH_LEAVE_PARENT_SCREENS.map(([path, load]) => ({ path, lazy: lazyScreen(load) })),
      ...HIFZ_PARENT_SCREENS.map(([path, load]) => ({ path, lazy: lazyScreen(load) })),
      ...EXAMS_PARENT_SCREENS.map(([path, load]) => ({ path, lazy: lazyScreen(load) })),
      ...FEES_PARENT_SCREENS.map(([path, load]) => ({ path, lazy: lazyScreen(load) })),
      ...HALLS_PARENT_SCREENS.map(([path, load]) => ({ path, lazy: lazyScreen(load) })),
      ...LESSONS_PARENT_SCREENS.map(([path, load]) => ({ path, lazy: lazyScreen(load) })),
      ...MEETINGS_PARENT_SCREENS.map(([path, load]) => ({ path, lazy: lazyScreen(load) })),
      ...CHECKLISTS_PARENT_SCREENS.map(([path, load]) => ({ path, lazy: lazyScreen(load) })),
      ...TASKS_PARENT_SCREENS.map(([path, load]) => ({ path, lazy: lazyScreen(load) })),
      ...MATERIALS_PARENT_SCREENS.map(([path, load]) => ({ path, lazy: lazyScreen(load) })),
      { path: "profile", lazy: lazyScreen(() => import("../../features/account/profile-page").then((m) => m.ProfilePage)) },
    ],
  },
];
