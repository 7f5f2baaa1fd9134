// The landing page: the hero, the free one-year beta of Pro features, the feature tour and the closing calls to action.
import {
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBarcode,
  IconPackages,
  IconTag,
  IconUsers,
  IconVideo,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { BETA_FEATURES, findPlan } from '#common/plans.ts';
import { FeatureTour } from './feature-tour.tsx';
import { HeroIllustration } from './hero-illustration.tsx';

const BETA_SIGNUP = '/?signup=true&plan=beta';

// One icon per entry of BETA_FEATURES, in the same order.
const BETA_ICONS: readonly TablerIcon[] = [IconUsers, IconPackages, IconTag, IconBarcode, IconVideo];

function Hero() {
  return (
    <Box component="section" aria-labelledby="hero-title">
      <Grid gap="xl" align="center">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Badge size="lg" variant="light" c="forge.8" style={{ alignSelf: 'flex-start' }}>
              For small manufacturers
            </Badge>
            <Title order={1} id="hero-title" fz={{ base: 32, sm: 44 }} lh={1.15}>
              Run your whole shop floor from one place
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} maw={620}>
              Forgeboard brings inventory with QR and barcode labels, work orders, quality checks, time and
              job cost, and preventive maintenance together, built for the office and for the floor, with a
              scanner in a gloved hand.
            </Text>
            <Group gap="sm">
              <Button
                component={Link}
                to={BETA_SIGNUP}
                size="md"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Start free beta
              </Button>
              <Button component={Link} to="/plans" size="md" variant="outline">
                See plans
              </Button>
              <Button component={Link} to="/learn-more" size="md" variant="subtle">
                Learn more
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="sm">
          <HeroIllustration />
        </Grid.Col>
      </Grid>
    </Box>
  );
}

function BetaOffer() {
  const beta = findPlan('beta');
  const months = beta?.durationMonths ?? 12;
  return (
    <Paper
      component="section"
      aria-labelledby="beta-title"
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      bg="forge.0"
    >
      <Grid gap="xl" align="center">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <Text fw={700} c="forge.8" tt="uppercase" fz="sm">
              Free one-year beta
            </Text>
            <Title order={2} id="beta-title">
              Join the beta: Pro features free for {months} months
            </Title>
            <Text>
              Sign up for the beta and your company gets the features of our Pro plan at no cost for {months}{' '}
              months from sign-up. When the year is up, you choose the plan that fits; your data stays where
              it is.
            </Text>
            <Button
              component={Link}
              to={BETA_SIGNUP}
              size="md"
              style={{ alignSelf: 'flex-start' }}
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              Start free beta
            </Button>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SimpleGrid
            component="ul"
            cols={{ base: 1, xs: 2 }}
            spacing="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {BETA_FEATURES.map((feature, index) => {
              const Icon = BETA_ICONS[index] ?? IconArrowRight;
              return (
                <Paper component="li" key={feature} p="md" withBorder>
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon size={36} radius="md" variant="filled" aria-hidden>
                      <Icon size={20} />
                    </ThemeIcon>
                    <Text fw={600}>{feature}</Text>
                  </Group>
                </Paper>
              );
            })}
          </SimpleGrid>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

function ClosingCta() {
  return (
    <Box component="section" aria-labelledby="closing-title" ta="center" py="xl">
      <Stack gap="md" align="center">
        <Title order={2} id="closing-title">
          Ready to put your shop floor on one screen?
        </Title>
        <Text size="lg" maw={620}>
          Compare the plans, or read how teams get started: label, scan and build in the first week.
        </Text>
        <Group gap="sm" justify="center">
          <Button component={Link} to="/plans" size="md">
            Compare plans
          </Button>
          <Button component={Link} to="/learn-more" size="md" variant="outline">
            Learn more
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

export function LandingPage() {
  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap={64}>
        <Hero />
        <BetaOffer />
        <FeatureTour />
        <ClosingCta />
      </Stack>
    </Container>
  );
}
