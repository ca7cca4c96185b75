/** The tools the studio builds with, grouped the way clients ask about them. */
export const stack: readonly { area: string; tools: string[] }[] = [
  { area: 'Front end', tools: ['TypeScript', 'React', 'Next.js', 'React Native'] },
  { area: 'Back end', tools: ['Node.js', 'PostgreSQL', 'Python', 'Redis'] },
  { area: 'Cloud and delivery', tools: ['AWS (Cape Town region)', 'Azure', 'Docker', 'GitHub Actions'] },
  { area: 'Devices', tools: ['ESP32', 'Nordic nRF', 'LoRaWAN', 'MQTT'] },
];
