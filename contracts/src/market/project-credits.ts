import { z } from 'zod';
import { signedPercent } from './carbon-prices.contract.js';

export const projectCreditCategories = ['nature', 'renewable', 'technology', 'premium'] as const;
export type ProjectCreditCategory = (typeof projectCreditCategories)[number];

/** Icon names the console maps to its icon set. */
export const projectCreditIcons = [
  'trees',
  'tree',
  'plant',
  'sun',
  'wind',
  'droplet',
  'air',
  'factory',
  'flame',
  'plane',
  'building',
  'blocks',
  'certificate',
] as const;
export type ProjectCreditIcon = (typeof projectCreditIcons)[number];

/** One project / voluntary (VCM) credit price row. */
export const projectCredit = z.object({
  name: z.string().min(1),
  icon: z.enum(projectCreditIcons),
  /** Price per tCO2e in USD. */
  price: z.number().nonnegative(),
  /** Traded volume in millions of tCO2e. */
  volume: z.number().nonnegative(),
  change24h: z.number(),
  changePct: signedPercent,
  description: z.string(),
  category: z.enum(projectCreditCategories),
});
export type ProjectCredit = z.infer<typeof projectCredit>;

/** The product's 13 fixed built-in project credit samples, in the product's order. Prices span 3.80 to 95.50. */
export const projectCredits: readonly ProjectCredit[] = [
  {
    name: 'REDD+ Forestry',
    icon: 'trees',
    price: 12.45,
    volume: 48.2,
    change24h: 0.35,
    changePct: '+2.9%',
    description: 'Avoided deforestation and forest degradation in tropical forests.',
    category: 'nature',
  },
  {
    name: 'Improved Forest Mgmt',
    icon: 'tree',
    price: 16.8,
    volume: 21.6,
    change24h: 0.22,
    changePct: '+1.3%',
    description: 'Longer rotations and conservation practices on managed forest land.',
    category: 'nature',
  },
  {
    name: 'Grassland Restoration',
    icon: 'plant',
    price: 9.25,
    volume: 6.4,
    change24h: -0.11,
    changePct: '-1.2%',
    description: 'Soil carbon gains from restored grasslands and rotational grazing.',
    category: 'nature',
  },
  {
    name: 'Solar RECs',
    icon: 'sun',
    price: 3.8,
    volume: 112.5,
    change24h: -0.05,
    changePct: '-1.3%',
    description: 'Renewable energy certificates from utility-scale solar generation.',
    category: 'renewable',
  },
  {
    name: 'Wind I-RECs',
    icon: 'wind',
    price: 4.15,
    volume: 96.3,
    change24h: 0.06,
    changePct: '+1.5%',
    description: 'International renewable energy certificates from onshore and offshore wind.',
    category: 'renewable',
  },
  {
    name: 'Hydro Power',
    icon: 'droplet',
    price: 5.6,
    volume: 38.9,
    change24h: 0.04,
    changePct: '+0.7%',
    description: 'Run-of-river and small hydro projects displacing fossil generation.',
    category: 'renewable',
  },
  {
    name: 'Direct Air Capture',
    icon: 'air',
    price: 95.5,
    volume: 0.4,
    change24h: 2.1,
    changePct: '+2.2%',
    description: 'CO2 pulled from ambient air and stored permanently underground.',
    category: 'technology',
  },
  {
    name: 'Enhanced CCS',
    icon: 'factory',
    price: 68.4,
    volume: 2.8,
    change24h: -0.9,
    changePct: '-1.3%',
    description: 'Point-source capture at industrial plants with geological storage.',
    category: 'technology',
  },
  {
    name: 'Biochar Production',
    icon: 'flame',
    price: 42.75,
    volume: 1.9,
    change24h: 0.65,
    changePct: '+1.5%',
    description: 'Biomass pyrolysed into stable carbon and applied to soils.',
    category: 'technology',
  },
  {
    name: 'CORSIA Aviation',
    icon: 'plane',
    price: 21.3,
    volume: 14.7,
    change24h: 0.48,
    changePct: '+2.3%',
    description: 'CORSIA-eligible units for international aviation offsetting.',
    category: 'premium',
  },
  {
    name: 'CIX Singapore',
    icon: 'building',
    price: 18.9,
    volume: 9.3,
    change24h: -0.17,
    changePct: '-0.9%',
    description: 'Standardised nature-based contracts traded on Climate Impact X.',
    category: 'premium',
  },
  {
    name: 'ACX Blockchain',
    icon: 'blocks',
    price: 7.85,
    volume: 11.2,
    change24h: 0.12,
    changePct: '+1.6%',
    description: 'Tokenised credits settled on the AirCarbon Exchange.',
    category: 'premium',
  },
  {
    name: 'ICVCM CCP Standard',
    icon: 'certificate',
    price: 24.6,
    volume: 5.1,
    change24h: 0.58,
    changePct: '+2.4%',
    description: 'Credits labelled against the Core Carbon Principles for high integrity.',
    category: 'premium',
  },
];
