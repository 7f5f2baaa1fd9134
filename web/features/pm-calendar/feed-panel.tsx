// The user's calendar feed (decision 059): a secret link to their assigned PM work for Outlook or Google Calendar.
// Made here (shown once: only its hash is kept, so it cannot be shown again), copied, replaced or revoked; with the
// steps to add it to a calendar app in words.
import { Alert, Button, Card, CopyButton, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarShare, IconCopy, IconLinkOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { When } from '../../components/when.tsx';
import { getFeedStatus, makeFeedLink, pmCalendarKeys, revokeFeedLink } from './api.ts';

export function FeedPanel() {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<string | null>(null);
  const status = useQuery({ queryKey: pmCalendarKeys.feed, queryFn: ({ signal }) => getFeedStatus(signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: pmCalendarKeys.feed });
  const make = useMutation({
    mutationFn: makeFeedLink,
    onSuccess: async (link) => {
      setShown(link.url);
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: revokeFeedLink,
    onSuccess: async () => {
      setShown(null);
      await refresh();
    },
  });
  const live = status.data?.live ?? false;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="pm-feed-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="pm-feed-title">
          Calendar feed
        </Title>
        <Text size="sm">
          See the work assigned to you in Outlook, Google Calendar or your phone’s calendar: a month back and
          six months ahead, forecasts marked “Forecast”. The link is secret: anyone who has it can read your
          PM work, so keep it to yourself.
        </Text>
        {!status.data ? (
          <QueryStatus
            query={status}
            errorTitle="Your calendar link could not be loaded"
            loadingLabel="Loading"
          />
        ) : live ? (
          <Text size="sm">
            Your link was made <When at={status.data.createdAt!} />
            {status.data.lastReadAt ? (
              <>
                {' '}
                and last read by a calendar <When at={status.data.lastReadAt} />
              </>
            ) : (
              ' and has not been read yet'
            )}
            .
          </Text>
        ) : (
          <Text size="sm">You have no calendar link.</Text>
        )}
        {shown ? (
          <Alert color="blue" title="Copy your link now" variant="light">
            <Stack gap="xs">
              <Text size="sm">
                It is shown only this once. If you lose it, make a new one (the old one then stops).
              </Text>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label="Your calendar link"
                  value={shown}
                  readOnly
                  onFocus={(e) => e.currentTarget.select()}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <CopyButton value={shown} timeout={2_000}>
                  {({ copied, copy }) => (
                    <Button onClick={copy} leftSection={<IconCopy size={16} aria-hidden />} variant="light">
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {make.error || revoke.error ? (
          <ErrorAlert title="That did not work">
            {(make.error ?? revoke.error)!.message} Try again.
          </ErrorAlert>
        ) : null}
        <Group gap="sm" wrap="wrap">
          <Button
            leftSection={<IconCalendarShare size={16} aria-hidden />}
            onClick={() => make.mutate()}
            loading={make.isPending}
          >
            {live ? 'Make a new link' : 'Make my calendar link'}
          </Button>
          {live ? (
            <Button
              variant="default"
              leftSection={<IconLinkOff size={16} aria-hidden />}
              onClick={() => revoke.mutate()}
              loading={revoke.isPending}
            >
              Revoke link
            </Button>
          ) : null}
        </Group>
        {live ? (
          <Text size="xs" c="dimmed">
            A new link stops the old one at once; so does Revoke link.
          </Text>
        ) : null}
        <div>
          <Text size="sm" fw={600}>
            Add it to your calendar
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>
              <b>Outlook</b>: Calendar → Add calendar → Subscribe from web → paste the link → Import.
            </List.Item>
            <List.Item>
              <b>Google Calendar</b> (on a computer): Other calendars → + → From URL → paste the link → Add
              calendar.
            </List.Item>
            <List.Item>
              <b>iPhone or Mac</b>: Calendar → File (or Settings → Accounts) → New calendar subscription →
              paste the link.
            </List.Item>
          </List>
          <Text size="xs" c="dimmed" mt={4}>
            Calendar apps fetch the link every few hours, so a change here shows there later.
          </Text>
        </div>
      </Stack>
    </Card>
  );
}
