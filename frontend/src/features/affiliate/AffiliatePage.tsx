import { Box, Button, Card, Container, Group, SimpleGrid, Slider, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';

/** SPEC.md section 9: KSh 450 per referral per month; slider 0 to 200, default 80. */
export const COMMISSION_KSH = 450;
export const SLIDER_DEFAULT = 80;

export function monthlyEarnings(referrals: number): number {
  return referrals * COMMISSION_KSH;
}

export function annualEarnings(referrals: number): number {
  return 12 * monthlyEarnings(referrals);
}

const ksh = (n: number) => `KSh ${n.toLocaleString('en-US')}`;

const STATS = [
  { value: '500+', label: 'Active Affiliates' },
  { value: 'KSh 450', label: 'Per Referral / Month' },
  { value: '95%', label: 'Satisfaction' },
];

const STEPS = [
  { title: 'Sign up', text: 'Create your free affiliate account.' },
  { title: 'Share your link', text: 'Send your affiliate link to advocates and law firms.' },
  { title: 'They subscribe', text: 'Your referrals subscribe to Kesi.' },
  { title: 'Earn monthly', text: 'Earn KSh 450 per referral every month they remain a customer.' },
];

const JOIN = '/register?role=affiliate';

/** /affiliate: the affiliate programme's public page. */
export function AffiliatePage() {
  const [referrals, setReferrals] = useState(SLIDER_DEFAULT);
  return (
    <>
      <Box component="section" py={{ base: 48, sm: 88 }} bg="teal.0">
        <Container size="lg">
          <Stack align="center" ta="center" gap="lg">
            <Title order={1} fz={{ base: 30, sm: 44 }}>
              Earn with the Kesi Affiliate Program
            </Title>
            <Text size="lg" c="dimmed" maw={640}>
              Refer advocates to Kesi and earn KSh 450 per customer, every month, for as long as they remain a customer.
              No limit on referrals.
            </Text>
            <Button component={Link} to={JOIN} size="md" color="teal.9">
              Become an Affiliate
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {STATS.map((s) => (
            <Card key={s.label} withBorder ta="center">
              <Text fz={32} fw={800} c="teal.8">
                {s.value}
              </Text>
              <Text c="dimmed">{s.label}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="sm" py="xl">
        <Card withBorder padding="xl">
          <Stack>
            <Title order={2} size="h3">
              Earnings Calculator
            </Title>
            <Text id="referrals-label">
              Number of referrals: <strong>{referrals}</strong>
            </Text>
            <Slider
              min={0}
              max={200}
              value={referrals}
              onChange={setReferrals}
              color="teal"
              thumbLabel="Number of referrals"
              marks={[
                { value: 0, label: '0' },
                { value: 100, label: '100' },
                { value: 200, label: '200' },
              ]}
              mb="lg"
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Card bg="teal.0">
                <Text size="sm" c="dimmed">
                  Monthly earnings
                </Text>
                <Text fz={24} fw={800} data-testid="monthly-earnings">
                  {ksh(monthlyEarnings(referrals))}
                </Text>
              </Card>
              <Card bg="teal.0">
                <Text size="sm" c="dimmed">
                  Annual earnings
                </Text>
                <Text fz={24} fw={800} data-testid="annual-earnings">
                  {ksh(annualEarnings(referrals))}
                </Text>
              </Card>
            </SimpleGrid>
          </Stack>
        </Card>
      </Container>

      <Container size="lg" py="xl">
        <Stack gap="lg">
          <Title order={2} ta="center">
            How It Works
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {STEPS.map((step, i) => (
              <Stack key={step.title} gap={6} align="center" ta="center">
                <ThemeIcon size={40} radius="xl" color="teal.9">
                  {i + 1}
                </ThemeIcon>
                <Title order={3} size="h4">
                  {step.title}
                </Title>
                <Text c="dimmed" size="sm">
                  {step.text}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Group justify="center">
            <Button component={Link} to={JOIN} size="md" color="teal.9">
              Join Now
            </Button>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
