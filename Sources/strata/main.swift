print("strata: under construction")
