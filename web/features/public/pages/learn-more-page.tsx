// /learn-more: how to get started, what each area does, typical workflows, the plans in brief, and where to go next.
import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PLANS } from '#common/plans.ts';
import { BackButton } from '../../../components/back-button.tsx';
import {
  FEATURE_GROUPS,
  GETTING_STARTED,
  type TWorkflow,
  WORKFLOWS,
} from '../components/learn-more-content.ts';

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} id={id} mb={intro ? 'xs' : 'md'}>
        {title}
      </Title>
      {intro ? (
        <Text size="lg" mb="lg" maw={720}>
          {intro}
        </Text>
      ) : null}
      {children}
    </Box>
  );
}

function GettingStarted() {
  return (
    <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {GETTING_STARTED.map((step, index) => (
        <Group component="li" key={step.title} gap="md" align="flex-start" wrap="nowrap">
          <ThemeIcon size={36} radius="xl" aria-hidden fw={700} fz="md">
            {index + 1}
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Title order={3} fz="lg">
              {step.title}
            </Title>
            <Text mt={2}>{step.detail}</Text>
          </Box>
        </Group>
      ))}
    </Stack>
  );
}

function WorkflowCard({ workflow }: { workflow: TWorkflow }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group gap="sm" wrap="nowrap" mb="sm">
        <ThemeIcon size={36} radius="md" variant="light" c="forge.8" aria-hidden>
          <workflow.icon size={20} />
        </ThemeIcon>
        <Title order={3} fz="lg">
          {workflow.title}
        </Title>
      </Group>
      <Group
        component="ol"
        gap={6}
        p={0}
        m={0}
        mb="sm"
        style={{ listStyle: 'none' }}
        aria-label={`${workflow.title}, step by step`}
      >
        {workflow.steps.map((step, index) => (
          <Group component="li" key={step} gap={6} wrap="nowrap">
            {index > 0 ? (
              <IconChevronRight size={16} aria-hidden color="var(--mantine-color-gray-7)" />
            ) : null}
            <Text
              component="span"
              fw={600}
              fz="sm"
              px="xs"
              py={2}
              bg="forge.0"
              c="forge.9"
              style={{ borderRadius: 6 }}
            >
              {step}
            </Text>
          </Group>
        ))}
      </Group>
      <Text>{workflow.detail}</Text>
    </Card>
  );
}

export default function LearnMorePage() {
  return (
    <Container size="lg" py="xl">
      <BackButton />
      <Stack gap={56} mt="sm">
        <Box>
          <Title order={1} fz={{ base: 30, sm: 36 }}>
            Learn more about Forgeboard
          </Title>
          <Text size="lg" mt="xs" maw={720}>
            Forgeboard runs the shop floor of a small manufacturer: inventory with QR and barcode labels, work
            orders and assembly, quality control, time and job cost, and preventive maintenance, for the
            office and the floor.
          </Text>
        </Box>

        <Section
          id="getting-started"
          title="Getting started"
          intro="Seven steps take a small team from sign-up to scanning, often within a week."
        >
          <GettingStarted />
        </Section>

        <Section
          id="feature-groups"
          title="What Forgeboard covers"
          intro="Five areas and the administration behind them. Your administrator switches each area on or off for the company."
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {FEATURE_GROUPS.map((group) => (
              <Card key={group.title} withBorder radius="lg" padding="lg">
                <Group gap="sm" wrap="nowrap" mb="sm">
                  <ThemeIcon size={36} radius="md" aria-hidden>
                    <group.icon size={20} />
                  </ThemeIcon>
                  <Title order={3} fz="lg">
                    {group.title}
                  </Title>
                </Group>
                <List spacing={4}>
                  {group.items.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              </Card>
            ))}
          </SimpleGrid>
        </Section>

        <Section
          id="workflows"
          title="Typical workflows"
          intro="How the areas connect in a normal day on the floor."
        >
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {WORKFLOWS.map((workflow) => (
              <WorkflowCard key={workflow.title} workflow={workflow} />
            ))}
          </SimpleGrid>
        </Section>

        <Section
          id="pricing"
          title="Pricing"
          intro="Four plans; the beta gives you the Pro features free for one year."
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {PLANS.map((plan) => (
              <Paper key={plan.id} withBorder radius="md" p="md">
                <Title order={3} fz="lg">
                  {plan.cardTitle}
                </Title>
                <Text fw={800} fz="xl" c="forge.8" mt={4}>
                  {plan.priceLabel}
                </Text>
                <Text size="sm" mt={4}>
                  Up to {plan.maxUsers} users · Up to {plan.maxSkus} SKUs
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Anchor component={Link} to="/plans" mt="md" display="inline-block" fw={600}>
            Compare plans in detail
          </Anchor>
        </Section>

        <Paper
          component="section"
          aria-labelledby="next-steps"
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
          bg="forge.0"
        >
          <Title order={2} id="next-steps">
            Ready to try it?
          </Title>
          <Text size="lg" mt="xs" mb="lg" maw={640}>
            Start the free beta today: Pro features for your whole team, free for 12 months.
          </Text>
          <Group gap="sm">
            <Button
              component={Link}
              to="/?signup=true&plan=beta"
              size="md"
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              Start free beta
            </Button>
            <Button component={Link} to="/plans" size="md" variant="outline">
              See plans
            </Button>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}
