/** Spec 9: SDG badges have their own colours for 3, 7, 8 and 13; other goals share one. */
const sdgColors: Readonly<Record<number, string>> = { 3: 'green', 7: 'yellow', 8: 'grape', 13: 'teal' };

export function sdgColor(sdg: number): string {
  return sdgColors[sdg] ?? 'gray';
}

/** Spec 9 colours Clean Cooking, Forestry, Renewable Energy and Other; our project types map onto them. */
export function projectTypeColor(projectType: string): string {
  switch (projectType) {
    case 'Forestry':
    case 'Reforestation':
      return 'green';
    case 'Solar Energy':
    case 'Wind Energy':
    case 'Hydroelectric':
    case 'Geothermal':
      return 'blue';
    case 'Energy Efficiency':
      return 'orange';
    default:
      return 'gray';
  }
}
