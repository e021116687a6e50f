import { Avatar, Center, Loader } from "@mantine/core";
import { useAuth } from "../lib/auth-store";

/** The school's logo, or its initials when it has none. */
export function SchoolMark({ size = 36 }: { size?: number }) {
  const tenant = useAuth((s) => s.user?.tenant);
  const initials = (tenant?.name ?? "")
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .slice(0, 2)
    .map((w) => w.charAt(0).toLocaleUpperCase())
    .join("");
  return (
    <Avatar src={tenant?.logo ?? undefined} alt="" radius="md" size={size} color="teal.9" variant="filled">
      {initials}
    </Avatar>
  );
}

/** While a screen's code arrives. */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}
