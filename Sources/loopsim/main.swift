print("loopsim")
