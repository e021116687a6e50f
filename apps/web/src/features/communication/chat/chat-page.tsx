import { Box, Grid, Paper, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChat } from "./chat-store";
import { Conversation } from "./conversation";
import { RoomList } from "./room-list";
import { useChatSession } from "./use-chat-session";

/**
 * Chat for both areas. A phone (360 px) shows the rooms or the open conversation; a desktop shows
 * both side by side. Flex rows follow the page's direction, so Arabic and Urdu read right to left.
 */
export function ChatPage() {
  const { t } = useTranslation("chat");
  const session = useChatSession();
  const activeRoom = useChat((s) => s.activeRoom);
  const phone = useMediaQuery("(max-width: 48em)", true, { getInitialValueInEffect: false });
  const room = session.rooms.find((r) => r.id === activeRoom) ?? null;
  const { open } = session;

  // Leaving the screen closes the room: its messages are not read while nobody looks.
  useEffect(() => () => open(null), [open]);

  const list = <RoomList session={session} />;
  const conversation = room ? (
    <Conversation session={session} room={room} onBack={phone ? () => open(null) : undefined} />
  ) : (
    <Paper withBorder p="xl" h="100%">
      <Text c="dimmed" ta="center">
        {t("selectRoom")}
      </Text>
    </Paper>
  );

  return (
    <Box>
      <Title order={2} mb="sm" size="h3">
        {t("title")}
      </Title>
      {phone ? (
        room ? (
          conversation
        ) : (
          list
        )
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>{list}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>{conversation}</Grid.Col>
        </Grid>
      )}
    </Box>
  );
}
