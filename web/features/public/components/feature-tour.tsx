// The landing page's feature tour: one tab per area (Inventory, Quality, Build, Maintenance, Time).
import { Box, Grid, List, Paper, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { TOUR_AREAS, type TTourArea } from './feature-tour-areas.ts';

function TourPanel({ area }: { area: TTourArea }) {
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Title order={3} fz={{ base: 'xl', sm: 24 }}>
            {area.headline}
          </Title>
          <Text size="lg">{area.summary}</Text>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" color="forge.7" aria-hidden>
                <IconCheck size={14} stroke={3} />
              </ThemeIcon>
            }
          >
            {area.points.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          {area.claims.map((claim) => (
            <Paper key={claim.figure} withBorder p="lg" bg="forge.0">
              <Text fz={{ base: 32, sm: 40 }} fw={800} lh={1.1} c="forge.8">
                Up to {claim.figure}
              </Text>
              <Text fw={600} mt={4}>
                {claim.outcome}
              </Text>
            </Paper>
          ))}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export function FeatureTour() {
  return (
    <Box component="section" aria-labelledby="tour-title">
      <Stack gap="xs" mb="lg">
        <Title order={2} id="tour-title">
          A tour of the shop floor
        </Title>
        <Text size="lg" maw={720}>
          Five areas that work together, each switched on or off for your company. Pick one to see what it
          does.
        </Text>
      </Stack>
      <Tabs defaultValue={TOUR_AREAS[0]!.value} variant="pills" radius="xl">
        <Tabs.List mb="xl" style={{ gap: 8 }}>
          {TOUR_AREAS.map((area) => (
            <Tabs.Tab
              key={area.value}
              value={area.value}
              leftSection={<area.icon size={18} aria-hidden />}
              fz="md"
            >
              {area.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TOUR_AREAS.map((area) => (
          <Tabs.Panel key={area.value} value={area.value}>
            <TourPanel area={area} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Text size="sm" c="gray.7" mt="lg">
        Percentages are illustrative marketing figures based on what teams report after moving from paper and
        spreadsheets. Your results will depend on your processes.
      </Text>
    </Box>
  );
}
