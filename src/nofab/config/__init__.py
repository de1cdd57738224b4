"""What the user configures: the policy, domain profiles and per-detector rules."""
