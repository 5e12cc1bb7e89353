# Sourced by the comparison scripts: median reads "size value" lines and prints, per size, the
# median of its values (the lower middle one of an even count), sizes in ascending order.
median() {
  sort -k1,1n -k2,2g | awk '
    function flush() { if (n > 0) printf "%s %s\n", size, v[int((n + 1) / 2)] }
    !seen || $1 != size { flush(); size = $1; n = 0; seen = 1 }
    { v[++n] = $2 }
    END { flush() }'
}
