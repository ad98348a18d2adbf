/** The landing page's words, kept together so that a translation later is one step. */
export const TEXT = {
  hero: {
    title: 'Your court diary, always one step ahead',
    subtitle:
      "Kesi keeps every hearing, mention and judgment in one place: today's and this week's cases, the court calendar, your clients and encrypted case documents.",
  },
  buttons: { demo: 'Try Demo', affiliate: 'Join Affiliate', start: 'Get Started', signIn: 'Sign In Now' },
  anchors: [
    { label: 'Features', href: '#features' },
    { label: 'Benefits', href: '#benefits' },
    { label: 'Security', href: '#security' },
  ],
  features: {
    title: 'Everything your practice needs',
    items: [
      { title: 'Case Dashboard', text: "See today's and this week's court cases the moment you sign in." },
      { title: 'Encrypted Documents', text: 'Documents are encrypted before storage and decrypted only when you view or download them.' },
      { title: 'Print-ready Reports', text: 'Print a report of your upcoming cases until your subscription expires.' },
      { title: 'Browser Extension', text: "Import cases from the judiciary's e-filing kiosk straight into your account." },
      { title: 'Interactive Calendar', text: 'Browse hearings by month and day with the court calendar.' },
      { title: 'Cloud Access', text: 'Your diary is available around the clock, from any device.' },
    ],
  },
  benefits: {
    title: 'Why advocates choose Kesi',
    items: [
      { title: 'Never miss a date', text: 'Cases whose next date is not recorded are flagged until you update them.' },
      { title: 'Work from anywhere', text: 'Phone, tablet or desktop: your diary follows you to court.' },
      { title: 'Less paperwork', text: 'Cases, clients and documents together, searchable in seconds.' },
    ],
  },
  security: {
    title: 'Security you can trust',
    text: 'Client confidentiality is at the heart of legal practice, and of Kesi.',
    points: [
      'End-to-end document encryption',
      'Token authentication with HTTP-only cookies',
      'Threat monitoring',
      'GDPR-compliant handling',
      'Regular audits',
    ],
  },
  footer: {
    links: ['Privacy Policy', 'Terms of Service', 'Contact Us', 'Support'],
    copyright: `© ${new Date().getFullYear()} Kesi. All rights reserved.`,
  },
};
