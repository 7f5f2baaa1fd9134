// /plans: one card per tier of PLANS, each leading to sign-up with that plan; the beta is the recommended one.
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Divider,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PLANS, type TPlan } from '#common/plans.ts';
import { BackButton } from '../../../components/back-button.tsx';

/** The sign-up link for a plan, as the root page reads it. */
function signupLink(plan: TPlan): string {
  return `/?signup=true&plan=${plan.id}`;
}

// Limits are shown on their own lines; the feature list repeats them, so those entries are left out there.
function extraFeatures(plan: TPlan): readonly string[] {
  return plan.features.filter((feature) => !/^Up to \d+ (users|SKUs)$/.test(feature));
}

function priceNote(plan: TPlan): string {
  if (plan.durationMonths) return `${plan.durationMonths} months from sign-up`;
  if (plan.monthlyPriceUsd === 0) return 'No charge, no time limit';
  return 'Per company, billed monthly';
}

function PlanCard({ plan }: { plan: TPlan }) {
  const isRecommended = plan.id === 'beta';
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      padding="lg"
      shadow={isRecommended ? 'md' : 'xs'}
      style={isRecommended ? { borderColor: 'var(--mantine-color-forge-7)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" gap="xs" mih={34}>
          <Title order={2} id={titleId} fz={26}>
            {plan.cardTitle}
          </Title>
          {isRecommended ? <Badge variant="filled">Recommended</Badge> : null}
        </Group>
        <Box>
          <Text
            fz={{ base: 30, lg: plan.priceLabel.length > 12 ? 21 : 30 }}
            fw={800}
            lh={1.2}
            mih={{ lg: 36 }}
            c="forge.8"
            style={{ display: 'flex', alignItems: 'flex-end' }}
          >
            {plan.priceLabel}
          </Text>
          <Text size="sm" c="gray.7" mt={4}>
            {priceNote(plan)}
          </Text>
        </Box>
        <Divider />
        <Stack gap={4}>
          <Text fw={700}>Up to {plan.maxUsers} users</Text>
          <Text fw={700}>Up to {plan.maxSkus} SKUs</Text>
        </Stack>
        <List
          spacing="xs"
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" c="forge.8" aria-hidden>
              <IconCheck size={13} stroke={3} />
            </ThemeIcon>
          }
          style={{ flex: 1 }}
        >
          {extraFeatures(plan).map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button
          component={Link}
          to={signupLink(plan)}
          size="md"
          fullWidth
          variant={isRecommended ? 'filled' : 'outline'}
        >
          {isRecommended ? 'Start free beta' : `Choose ${plan.cardTitle}`}
        </Button>
      </Stack>
    </Card>
  );
}

export default function PlansPage() {
  return (
    <Container size="lg" py="xl">
      <BackButton />
      <Stack gap="xs" mt="sm" mb="xl">
        <Title order={1} fz={{ base: 30, sm: 36 }}>
          Plans and pricing
        </Title>
        <Text size="lg" maw={680}>
          Start with what your team needs today and change plans as you grow. The beta gives you every Pro
          feature, free for one year.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </SimpleGrid>
      <Text mt="xl">
        Prices are in US dollars, per company, plus any applicable taxes. Not sure which plan fits?{' '}
        <Anchor component={Link} to="/learn-more" underline="always">
          See how Forgeboard works
        </Anchor>
        .
      </Text>
    </Container>
  );
}
